import type { TimeZoneSetting } from '@rumbo/contracts';
import 'uplot/dist/uPlot.min.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatNumber, formatTime } from '../../shared/format/format';
import { toWallClockDate } from '../../shared/format/wall-clock';
import type { LevelChartData } from './level-chart-data';

/** Colours of the chart's parts, shared with its legend. */
export function levelChartColors(theme: Theme, theft: boolean) {
  return {
    level: theme.palette.primary.main,
    evidence: theft ? theme.palette.error.main : theme.palette.success.main,
    lines: theme.palette.text.secondary,
    stop: alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.1 : 0.06),
    event: alpha(
      theft ? theme.palette.error.main : theme.palette.success.main,
      theme.palette.mode === 'dark' ? 0.22 : 0.14,
    ),
  };
}

/**
 * The tank level around a refill or suspected theft: the raw readings (line), the samples the
 * detector kept as evidence (dots), the levels before and after (dashed), the stops shaded and
 * the change itself tinted. Hovering reads the time and level under the pointer.
 */
export function LevelChart({
  data,
  theft,
  unit,
  language,
  offsetHours,
  label,
}: {
  data: LevelChartData;
  theft: boolean;
  /** Symbol of the user's volume unit. */
  unit: string;
  language: 'es' | 'en';
  offsetHours: TimeZoneSetting;
  label: string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const height = phone ? 190 : 240;
  const host = useRef<HTMLDivElement | null>(null);
  const readout = useRef<HTMLSpanElement | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const colors = levelChartColors(theme, theft);
    const axis = {
      stroke: theme.palette.text.secondary,
      grid: { stroke: theme.palette.divider, width: 1 },
      ticks: { stroke: theme.palette.divider, width: 1 },
      font: `11px ${theme.typography.fontFamily ?? 'sans-serif'}`,
    };
    const shade = (u: uPlot, from: number, to: number, fill: string) => {
      const left = u.valToPos(from, 'x', true);
      const right = u.valToPos(to, 'x', true);
      u.ctx.fillStyle = fill;
      u.ctx.fillRect(left, u.bbox.top, Math.max(1, right - left), u.bbox.height);
    };
    const level = (u: uPlot, value: number | null) => {
      if (value === null) return;
      const y = u.valToPos(value, 'y', true);
      u.ctx.save();
      u.ctx.strokeStyle = colors.lines;
      u.ctx.lineWidth = uPlot.pxRatio;
      u.ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
      u.ctx.beginPath();
      u.ctx.moveTo(u.bbox.left, y);
      u.ctx.lineTo(u.bbox.left + u.bbox.width, y);
      u.ctx.stroke();
      u.ctx.restore();
    };
    const opts: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height,
      tzDate: (ts) => toWallClockDate(ts * 1000, offsetHours),
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false },
        y: false,
        points: { size: 7, fill: colors.level },
      },
      scales: { x: { time: true }, y: { range: () => data.range } },
      axes: [
        {
          ...axis,
          space: 60,
          values: (_u, splits) => splits.map((s) => formatTime(s * 1000, offsetHours).slice(0, 5)),
        },
        { ...axis, size: 52, label: unit, labelSize: 14, labelGap: 0 },
      ],
      series: [
        {},
        {
          stroke: colors.level,
          width: 1.5,
          spanGaps: true,
          points: { show: data.xs.length < 120, size: 3 },
        },
        {
          stroke: colors.evidence,
          width: 0,
          paths: () => null,
          points: { show: true, size: 8, fill: colors.evidence, stroke: colors.evidence },
        },
      ],
      hooks: {
        drawClear: [
          (u) => {
            for (const [from, to] of data.stops) shade(u, from, to, colors.stop);
            shade(u, data.event[0], data.event[1], colors.event);
          },
        ],
        draw: [
          (u) => {
            level(u, data.before);
            level(u, data.after);
          },
        ],
        setCursor: [
          (u) => {
            const out = readout.current;
            if (!out) return;
            const i = u.cursor.idx;
            if (i === null || i === undefined) {
              out.textContent = '';
              return;
            }
            const value = data.levels[i] ?? data.evidence[i];
            out.textContent =
              value === null || value === undefined
                ? ''
                : `${formatTime((data.xs[i] ?? 0) * 1000, offsetHours)} · ${formatNumber(value, language)} ${unit}`;
          },
        ],
      },
    };
    const u = new uPlot(opts, [data.xs, data.levels, data.evidence], el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(240, el.clientWidth);
      if (width !== u.width) u.setSize({ width, height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
    };
  }, [data, theme, theft, unit, language, offsetHours, height]);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        ref={host}
        role="img"
        aria-label={label}
        data-testid="level-chart"
        data-points={data.levels.filter((v) => v !== null).length}
        data-evidence={data.evidence.filter((v) => v !== null).length}
        sx={{ width: '100%', minHeight: height, '& .uplot': { fontFamily: 'inherit' } }}
      />
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        ref={readout}
        aria-live="off"
        sx={{ display: 'block', minHeight: '1.5em', textAlign: 'right' }}
      />
    </Box>
  );
}
