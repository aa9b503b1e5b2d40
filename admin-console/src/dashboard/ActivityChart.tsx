import { Box, Typography } from '@mui/material';
import type { DayPoint, Series } from './activity';

export const SERIES: { key: Series; label: string; color: string }[] = [
  { key: 'applications', label: 'Applications', color: '#1976d2' },
  { key: 'approvals', label: 'Final approvals', color: '#ed6c02' },
  { key: 'disbursals', label: 'Disbursals', color: '#2e7d32' },
];

const W = 720;
const H = 220;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };

/** Grouped bars per day, drawn as SVG: three series do not justify a charting library in the bundle. */
export function ActivityChart({ points }: { points: DayPoint[] }) {
  const max = Math.max(1, ...points.flatMap((p) => SERIES.map((s) => p[s.key])));
  const ticks = max <= 4 ? Array.from({ length: max + 1 }, (_, i) => i) : [0, Math.round(max / 2), max];
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, points.length);
  const bar = Math.max(1, (slot * 0.8) / SERIES.length);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const labelEvery = Math.ceil(points.length / 8);

  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="Applications, approvals and disbursals per day"
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e0e0e0" />
            <text x={PAD.left - 6} y={y(t) + 4} fontSize="11" textAnchor="end" fill="#666">
              {t}
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <g key={p.day}>
            {SERIES.map((s, j) => {
              const v = p[s.key];
              return v > 0 ? (
                <rect
                  key={s.key}
                  x={PAD.left + i * slot + slot * 0.1 + j * bar}
                  y={y(v)}
                  width={bar}
                  height={PAD.top + innerH - y(v)}
                  fill={s.color}
                >
                  <title>{`${p.day}: ${v} ${s.label.toLowerCase()}`}</title>
                </rect>
              ) : null;
            })}
            {i % labelEvery === 0 ? (
              <text x={PAD.left + i * slot + slot / 2} y={H - 8} fontSize="11" textAnchor="middle" fill="#666">
                {p.day.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {SERIES.map((s) => (
          <Typography key={s.key} variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span" sx={{ width: 10, height: 10, bgcolor: s.color, display: 'inline-block' }} />
            {s.label}: {points.reduce((sum, p) => sum + p[s.key], 0)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
