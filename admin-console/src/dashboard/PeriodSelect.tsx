import { MenuItem, TextField } from '@mui/material';

/** The periods the dashboard's panels count over, in days. */
export const PANEL_PERIODS = [7, 30, 90, 365] as const;

/** A panel's "Last N days" choice. */
export function PeriodSelect({
  label,
  days,
  onChange,
  minWidth,
  periods = PANEL_PERIODS,
}: {
  label: string;
  days: number;
  onChange: (days: number) => void;
  minWidth?: number;
  periods?: readonly number[];
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={days}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={minWidth ? { minWidth } : undefined}
    >
      {periods.map((d) => (
        <MenuItem key={d} value={d}>
          Last {d} days
        </MenuItem>
      ))}
    </TextField>
  );
}
