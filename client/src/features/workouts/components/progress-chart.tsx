import { format } from 'date-fns';
import type { Workout } from '@common/schemas/workouts';
import { formatMedium } from '@/lib/dates';
import { chartGeometry } from '../utils/chart';

const W = 360;
const H = 200;
const PAD = { top: 24, right: 12, bottom: 28, left: 32 };
const PW = W - PAD.left - PAD.right;
const PH = H - PAD.top - PAD.bottom;

/**
 * Push-ups per workout, oldest to newest, with the personal best marked. Hand-made SVG that scales
 * with its container; screen readers get a one-sentence summary (role="img").
 */
export function ProgressChart({ workouts }: { workouts: Workout[] }) {
  if (workouts.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        Your progress chart appears after your first workout.
      </p>
    );
  }
  const g = chartGeometry(workouts, PW, PH);
  const first = g.points[0]!;
  const last = g.points.at(-1)!;
  const bestPoint = g.points.find((p) => p.best)!;
  const summary =
    `Push-ups over your last ${g.points.length} workout${g.points.length === 1 ? '' : 's'}` +
    (g.points.length > 1
      ? `, from ${formatMedium(first.createdAt)} to ${formatMedium(last.createdAt)}`
      : ` on ${formatMedium(first.createdAt)}`) +
    `. Personal best ${g.best} on ${formatMedium(bestPoint.createdAt)}. Latest ${last.pushups}.`;
  const line = g.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const bestY = PH - (g.best / g.yMax) * PH;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={summary}
      data-testid="progress-chart"
      style={{ fontSize: 12 }}
    >
      <g transform={`translate(${PAD.left},${PAD.top})`}>
        {g.ticks.map((t) => {
          const y = PH - (t / g.yMax) * PH;
          return (
            <g key={t}>
              <line x1={0} x2={PW} y1={y} y2={y} className="stroke-border" strokeWidth={1} />
              <text
                x={-6}
                y={y}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted-foreground"
              >
                {t}
              </text>
            </g>
          );
        })}
        <line
          x1={0}
          x2={PW}
          y1={bestY}
          y2={bestY}
          className="stroke-amber-500"
          strokeWidth={2}
          strokeDasharray="6 5"
        />
        <text x={PW} y={bestY - 6} textAnchor="end" className="fill-amber-700 font-semibold">
          Best {g.best}
        </text>
        {g.points.length > 1 ? (
          <polyline
            points={line}
            fill="none"
            className="stroke-primary"
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ) : null}
        {g.points.map((p) =>
          p.best ? (
            <circle
              key={p.id}
              cx={p.x}
              cy={p.y}
              r={6}
              className="fill-amber-400 stroke-amber-700"
              strokeWidth={2}
            />
          ) : (
            <circle
              key={p.id}
              cx={p.x}
              cy={p.y}
              r={g.points.length > 40 ? 2 : 3.5}
              className="fill-primary"
            />
          ),
        )}
        <text x={0} y={PH + 20} textAnchor="start" className="fill-muted-foreground">
          {format(new Date(first.createdAt), 'MMM d')}
        </text>
        {g.points.length > 1 ? (
          <text x={PW} y={PH + 20} textAnchor="end" className="fill-muted-foreground">
            {format(new Date(last.createdAt), 'MMM d')}
          </text>
        ) : null}
      </g>
    </svg>
  );
}
