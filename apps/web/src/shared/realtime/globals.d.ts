/** Which socket address rule the web build uses (vite `define`, from SOCKET_PORT_RULE); see `socketUrl`. */
declare const __SOCKET_PORT_RULE__: 'origin' | 'spec' | undefined;
