import { plural, t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatHold, type ChallengeId, type Scoring } from '@common/challenges';
import type { Workout } from '@common/schemas/workouts';
import { bestLabelPlacement, scoreChartGeometry } from '../utils/chart';
import { scoreShort, scoringOf } from '../utils/score';
import { formatDateMedium, formatMonthDay } from '@/lib/format-date';
import { formatCount } from '@/lib/format-number';

const PAD = { top: 24, right: 12, bottom: 28, left: 36 };
// Points keep this far from the axis labels, so a dot at either end never sits on one.
const INSET = 10;

/** The element's width in CSS pixels, measured before paint and again when it changes. */
function useWidth<T extends Element>(initial: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width) || initial);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [initial]);
  return [ref, width] as const;
}

/** What the axis measures, in the summary: "Push-ups", "Time held", "Reps", "Finish time". */
function measureOf(scoring: Scoring): string {
  if (scoring.kind === 'seconds') return t`Time held`;
  if (scoring.kind === 'for-time') return t`Finish time`;
  return sayShared(scoring.label)!;
}

/** An axis tick: a time for a hold or a finish, else a count (rounds are drawn as total reps). */
const tickText = (scoring: Scoring, tick: number) =>
  scoring.kind === 'seconds' || scoring.kind === 'for-time' ? formatHold(tick) : formatCount(tick);

/**
 * One challenge's score per workout (push-ups, burpees, time held, total reps of rounds, finish
 * time), oldest to newest, with the personal best marked. A finish time's axis reads lower is
 * better, and a run stopped by the cap sits on the cap line as a hollow mark. Hand-made SVG drawn at its container's own width (one SVG unit is one
 * pixel), so its labels stay 12 px on a phone and on a desktop; screen readers get a one-sentence
 * summary (role="img"). `challenge`: whose sets these are (else the first workout's challenge).
 * Sets a moderator hid are left out, as from the stats beside it
 * (docs/decisions/0183-hidden-sets-count-for-nothing.md); the history still lists them.
 */
export function ProgressChart({
  workouts: all,
  challenge,
}: {
  workouts: Workout[];
  challenge?: ChallengeId;
}) {
  const [ref, width] = useWidth<HTMLDivElement>(360);
  const scoring = scoringOf(challenge ?? all[0]?.challenge);
  const workouts = all.filter((w) => !w.hidden);
  return (
    <div ref={ref}>
      {workouts.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {t`Your progress chart appears after your first workout.`}
        </p>
      ) : (
        <Chart workouts={workouts} width={width} scoring={scoring} />
      )}
    </div>
  );
}

type Geometry = ReturnType<typeof scoreChartGeometry>;

/**
 * The chart for screen readers, a sentence at a time: "Push-ups over your last 3 workouts, from
 * Nov 1, 2026 to Nov 3, 2026. Personal best 42 on Nov 2, 2026. Latest 40."
 */
function chartSummary(scoring: Scoring, g: Geometry, cappedRuns: number): string {
  const first = g.points[0]!;
  const last = g.points.at(-1)!;
  const bestPoint = g.points.find((p) => p.best)!;
  const measure = measureOf(scoring);
  const n = g.points.length;
  const from = formatDateMedium(first.createdAt);
  const to = formatDateMedium(last.createdAt);
  const over =
    n > 1
      ? g.lowerIsBetter
        ? t`${measure} over your last ${n} workouts, from ${from} to ${to}, lower is better.`
        : t`${measure} over your last ${n} workouts, from ${from} to ${to}.`
      : g.lowerIsBetter
        ? t`${measure} over your last 1 workout on ${from}, lower is better.`
        : t`${measure} over your last 1 workout on ${from}.`;
  const best = scoreShort(scoring, g.best, g.bestCapped);
  const bestOn = formatDateMedium(bestPoint.createdAt);
  const latest = scoreShort(scoring, last.score, last.capped);
  const bestAndLatest = t`Personal best ${best} on ${bestOn}. Latest ${latest}.`;
  const capped =
    cappedRuns > 0
      ? plural(cappedRuns, {
          one: '# run stopped by the cap, shown on the cap line.',
          other: '# runs stopped by the cap, shown on the cap line.',
        })
      : '';
  return [over, bestAndLatest, capped].filter(Boolean).join(' ');
}

function Chart({
  workouts,
  width,
  scoring,
}: {
  workouts: Workout[];
  width: number;
  scoring: Scoring;
}) {
  const W = Math.max(width, 200);
  const H = Math.round(Math.min(300, Math.max(200, W * 0.45)));
  const PH = H - PAD.top - PAD.bottom;
  // The ticks do not depend on the width: the left margin grows to the longest tick ("30:00",
  // "1:02:05"), about 7 px a character at 12 px, so that no label is cut at the edge.
  const longest = Math.max(
    0,
    ...scoreChartGeometry(workouts, 100, PH, scoring).ticks.map(
      (tick) => tickText(scoring, tick).length,
    ),
  );
  const left = Math.max(PAD.left, 10 + 7 * longest);
  const PW = W - left - PAD.right;
  const g = scoreChartGeometry(workouts, PW - 2 * INSET, PH, scoring);
  for (const p of g.points) p.x += INSET;
  const first = g.points[0]!;
  const last = g.points.at(-1)!;
  const bestPoint = g.points.find((p) => p.best)!;
  const cappedRuns = g.points.filter((p) => p.capped).length;
  const summary = chartSummary(scoring, g, cappedRuns);
  const bestShort = scoreShort(scoring, g.best, g.bestCapped);
  const line = g.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const bestY = bestPoint.y;
  const label = bestLabelPlacement({ x: bestPoint.x, y: bestY }, PW);
  const capTime = g.cap !== undefined ? formatHold(g.cap) : '';
  const capY = g.cap !== undefined && cappedRuns > 0 ? PH - (g.cap / g.yMax) * PH : null;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      className="block h-auto max-w-full"
      role="img"
      aria-label={summary}
      data-testid="progress-chart"
      style={{ fontSize: 12 }}
    >
      <g transform={`translate(${left},${PAD.top})`}>
        {g.ticks.map((tick) => {
          const y = PH - (tick / g.yMax) * PH;
          return (
            <g key={tick}>
              <line x1={0} x2={PW} y1={y} y2={y} className="stroke-border" strokeWidth={1} />
              <text
                x={-6}
                y={y}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted-foreground"
              >
                {tickText(scoring, tick)}
              </text>
            </g>
          );
        })}
        <line
          x1={0}
          x2={PW}
          y1={bestY}
          y2={bestY}
          className="stroke-amber-500 dark:stroke-amber-400"
          strokeWidth={2}
          strokeDasharray="6 5"
        />
        <text
          x={label.x}
          y={label.y}
          textAnchor={label.anchor}
          className="fill-amber-700 font-semibold dark:fill-amber-300"
          data-testid="chart-best-label"
        >
          {t`Best ${bestShort}`}
        </text>
        {g.lowerIsBetter ? (
          <text
            x={0}
            y={-10}
            textAnchor="start"
            className="fill-muted-foreground"
            data-testid="chart-lower-is-better"
          >
            {t`↓ Lower is better`}
          </text>
        ) : null}
        {capY !== null ? (
          <>
            <line
              x1={0}
              x2={PW}
              y1={capY}
              y2={capY}
              className="stroke-muted-foreground"
              strokeWidth={1}
              strokeDasharray="2 4"
            />
            <text
              x={PW}
              y={-10}
              textAnchor="end"
              className="fill-muted-foreground"
              data-testid="chart-cap-label"
            >
              {t`○ Cap ${capTime}`}
            </text>
          </>
        ) : null}
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
          p.capped && !p.best ? (
            // A capped run: hollow, on the cap line (its reps are not a time).
            <circle
              key={p.id}
              cx={p.x}
              cy={p.y}
              r={4.5}
              className="fill-card stroke-muted-foreground"
              strokeWidth={2}
              data-testid="chart-capped-point"
            />
          ) : p.best ? (
            <circle
              key={p.id}
              cx={p.x}
              cy={p.y}
              r={6}
              className="fill-amber-400 stroke-amber-700 dark:stroke-amber-200"
              strokeWidth={2}
              data-testid="chart-best-point"
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
        <text x={INSET} y={PH + 20} textAnchor="start" className="fill-muted-foreground">
          {formatMonthDay(first.createdAt)}
        </text>
        {g.points.length > 1 ? (
          <text x={PW - INSET} y={PH + 20} textAnchor="end" className="fill-muted-foreground">
            {formatMonthDay(last.createdAt)}
          </text>
        ) : null}
      </g>
    </svg>
  );
}
