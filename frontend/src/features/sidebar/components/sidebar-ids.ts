/** Element ids the header's toggle button points at (aria-controls). */
export const DESKTOP_SIDEBAR_ID = 'platform-sidebar';
export const MOBILE_SIDEBAR_ID = 'platform-sidebar-drawer';
