import { describe, expect, it } from 'vitest';
import { mantineClasses, missingMantineStyles } from './mantine-css';

const styles = {
  'Button.css': '.m_77c9d27d { cursor: pointer } .m_80f1301b { display: flex }',
  'Menu.css': '.m_dc9b7c9f { padding: 4px }',
};

describe('the Mantine styles check', () => {
  it('finds Mantine class names in code, and nothing else', () => {
    expect([...mantineClasses('{root:"m_77c9d27d",x:"m_123",y:"am_77c9d27d",z:"m_abcdef12"}')]).toEqual([
      'm_77c9d27d',
      'm_abcdef12',
    ]);
  });

  it('passes when every class a script mentions is in a stylesheet', () => {
    const scripts = ['const c={root:"m_77c9d27d",inner:"m_80f1301b"}'];
    expect(missingMantineStyles(scripts, [styles['Button.css']], styles).size).toBe(0);
  });

  it('names each missing class and the stylesheet that holds it', () => {
    const scripts = ['const a={root:"m_77c9d27d"}', 'const b={dropdown:"m_dc9b7c9f",x:"m_00000000"}'];
    const missing = missingMantineStyles(scripts, [styles['Button.css']], styles);
    expect([...missing]).toEqual([
      ['m_dc9b7c9f', ['Menu.css']],
      ['m_00000000', []],
    ]);
  });
});
