import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than its column scrolls sideways inside this region; the region takes keyboard focus
 * and is named, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      {children}
    </Box>
  );
}
