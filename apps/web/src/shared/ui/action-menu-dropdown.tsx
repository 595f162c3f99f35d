import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { ActionMenuProps } from './action-menu';

/** The menu itself (action-menu.tsx loads it): opened, since it is put in place by a press. */
export function ActionMenuDropdown({ target, items, header, width }: ActionMenuProps) {
  return (
    <Menu position="bottom-end" width={width} withinPortal defaultOpened>
      <Menu.Target>{target({})}</Menu.Target>
      <Menu.Dropdown>
        {header}
        {items.map((item) =>
          item.to !== undefined ? (
            <Menu.Item
              key={item.label}
              component={Link}
              to={item.to}
              state={item.state}
              leftSection={item.icon}
              onClick={item.onClick}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} leftSection={item.icon} onClick={item.onClick}>
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
