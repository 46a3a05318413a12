import type { TimeZoneSetting } from '@rumbo/contracts';
import 'uplot/dist/uPlot.min.css';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import type { HistoryPoint, Units } from '@rumbo/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { formatDate, formatTime } from '../../shared/format/format';
import { toWallClockDate } from '../../shared/format/wall-clock';
import { convertFromBase, unitSymbol } from '../../shared/units/units';

const HEIGHT = 170;
const DAY_S = 86_400;

/** A Date whose local fields read the wall clock at a UTC offset (uPlot draws local dates). */
function wallClock(offsetHours: TimeZoneSetting) {
  return (ts: number) => toWallClockDate(ts * 1000, offsetHours);
}

/**
 * Speed over time of the route (user's unit). Hovering reports the instant under the pointer
 * (`onHover`), clicking seeks the replay there (`onSeek`); `hoverMs` from the map moves the
 * crosshair, and `replayMs` draws the replay cursor.
 */
export function SpeedChart({
  points,
  units,
  language,
  offsetHours,
  replayMs,
  hoverMs,
  hoverFromChart,
  onHover,
  onSeek,
  label,
}: {
  points: readonly HistoryPoint[];
  units: Units;
  language: 'es' | 'en';
  offsetHours: TimeZoneSetting;
  replayMs: number;
  hoverMs: number | null;
  /** True when the current hover came from this chart (then it is not echoed back). */
  hoverFromChart: boolean;
  onHover: (timeMs: number | null) => void;
  onSeek: (timeMs: number) => void;
  label: string;
}) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement | null>(null);
  const cursorLine = useRef<HTMLDivElement | null>(null);
  const plot = useRef<uPlot | null>(null);
  const echoing = useRef(false);
  const replayRef = useRef(replayMs);
  /** Puts the replay cursor at the replayed instant (after moves and resizes alike). */
  const placeCursor = useCallback(() => {
    const u = plot.current;
    const line = cursorLine.current;
    if (!u || !line) return;
    const left = u.valToPos(replayRef.current / 1000, 'x');
    line.style.left = `${left}px`;
    line.dataset.time = String(Math.round(replayRef.current));
    line.dataset.left = String(Math.round(left));
  }, []);
  const handlers = useRef({ onHover, onSeek });
  useEffect(() => {
    handlers.current = { onHover, onSeek };
  }, [onHover, onSeek]);

  const data = useMemo<uPlot.AlignedData>(() => {
    const xs = new Float64Array(points.length);
    const ys: (number | null)[] = new Array<number | null>(points.length);
    points.forEach((p, i) => {
      xs[i] = p.t / 1000;
      ys[i] = p.speedKmh === null ? null : convertFromBase('speed', p.speedKmh, units.speed);
    });
    return [xs, ys];
  }, [points, units.speed]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const span = points.length > 1 ? (points.at(-1)!.t - points[0]!.t) / 1000 : 0;
    const axis = {
      stroke: theme.palette.text.secondary,
      grid: { stroke: theme.palette.divider, width: 1 },
      ticks: { stroke: theme.palette.divider, width: 1 },
      font: `11px ${theme.typography.fontFamily ?? 'sans-serif'}`,
    };
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      tzDate: wallClock(offsetHours),
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false },
        y: false,
        points: { size: 8, fill: theme.palette.primary.main },
      },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(20, max * 1.1)] } },
      axes: [
        {
          ...axis,
          space: 70,
          values: (_u, splits) =>
            splits.map((s) =>
              span > 2 * DAY_S
                ? formatDate(s * 1000, language, offsetHours).slice(0, 5)
                : formatTime(s * 1000, offsetHours).slice(0, 5),
            ),
        },
        { ...axis, size: 44, label: unitSymbol('speed', units.speed), labelSize: 14, labelGap: 0 },
      ],
      series: [
        {},
        {
          stroke: theme.palette.primary.main,
          width: 1.5,
          fill: alpha(theme.palette.primary.main, 0.12),
          spanGaps: false,
          points: { show: false },
        },
      ],
      hooks: {
        setSize: [() => placeCursor()],
        setCursor: [
          (u) => {
            if (echoing.current) return;
            const left = u.cursor.left ?? -1;
            handlers.current.onHover(left < 0 ? null : u.posToVal(left, 'x') * 1000);
          },
        ],
      },
    };
    const u = new uPlot(opts, data, el);
    plot.current = u;
    const line = document.createElement('div');
    line.dataset.testid = 'chart-replay-cursor';
    Object.assign(line.style, {
      position: 'absolute',
      top: '0',
      bottom: '0',
      width: '2px',
      marginLeft: '-1px',
      background: theme.palette.secondary.main,
      pointerEvents: 'none',
    });
    u.over.appendChild(line);
    cursorLine.current = line;
    placeCursor();
    const click = () => {
      const left = u.cursor.left ?? -1;
      if (left >= 0) handlers.current.onSeek(u.posToVal(left, 'x') * 1000);
    };
    u.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => {
      const width = Math.max(200, el.clientWidth);
      if (width !== u.width) u.setSize({ width, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.over.removeEventListener('click', click);
      u.destroy();
      plot.current = null;
      cursorLine.current = null;
    };
  }, [data, points, theme, units.speed, language, offsetHours, placeCursor]);

  // The replay cursor follows the replayed instant.
  useEffect(() => {
    replayRef.current = replayMs;
    placeCursor();
  }, [replayMs, placeCursor]);

  // A hover that came from the map moves the crosshair without echoing back.
  useEffect(() => {
    const u = plot.current;
    if (!u || hoverFromChart) return;
    echoing.current = true;
    try {
      if (hoverMs === null) u.setCursor({ left: -10, top: -10 }, false);
      else u.setCursor({ left: u.valToPos(hoverMs / 1000, 'x'), top: HEIGHT / 3 }, false);
    } finally {
      echoing.current = false;
    }
  }, [hoverMs, hoverFromChart]);

  return (
    <Box
      ref={host}
      role="img"
      aria-label={label}
      data-testid="speed-chart"
      sx={{
        width: '100%',
        minHeight: HEIGHT,
        '& .uplot': { fontFamily: 'inherit' },
        '& .u-over': { cursor: 'pointer' },
      }}
    />
  );
}
