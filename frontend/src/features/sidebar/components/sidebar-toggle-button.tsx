/** The header button that collapses the sidebar (desktop) or opens the drawer (mobile). */
import { IconButton } from '@chakra-ui/react';
import { LuPanelLeft } from 'react-icons/lu';
import { DESKTOP_SIDEBAR_ID, MOBILE_SIDEBAR_ID } from './sidebar-ids';

interface SidebarToggleButtonProps {
  isMobile: boolean;
  expanded: boolean;
  onToggle: () => void;
}

export function SidebarToggleButton({ isMobile, expanded, onToggle }: SidebarToggleButtonProps) {
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label="Toggle sidebar"
      aria-expanded={expanded}
      aria-controls={isMobile ? MOBILE_SIDEBAR_ID : DESKTOP_SIDEBAR_ID}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={onToggle}
    >
      <LuPanelLeft />
    </IconButton>
  );
}
