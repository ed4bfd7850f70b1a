/** The window a card's trend compares: the last 30 days against the 30 before them. */
export const TREND_DAYS = 30;

export interface Trend {
  /** The daily series the trend is read from, oldest first and today last. */
  perDay: number[];
  /** How a period's total reads, e.g. "+12 sign-ups" or "₹4,500". */
  describe: (total: number) => string;
}

/** The last period's total and the one before it; no previous total when the series is too short to hold it. */
export function periodTotals(perDay: number[], days = TREND_DAYS): { current: number; previous: number | null } {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    current: sum(perDay.slice(-days)),
    previous: perDay.length >= 2 * days ? sum(perDay.slice(-2 * days, -days)) : null,
  };
}

function TrendLine({ perDay, describe }: Trend) {
  const { current, previous } = periodTotals(perDay);
  let change = null;
  if (previous === 0 && current > 0) change = <>none in the previous {TREND_DAYS}</>;
  else if (previous) {
    const percent = Math.round(((current - previous) / previous) * 100);
    const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'same';
    change = (
      <>
        <span className={`trend-${direction}`}>
          <span aria-hidden="true">{percent > 0 ? '▲ ' : percent < 0 ? '▼ ' : ''}</span>
          {direction === 'same' ? 'no change' : `${direction} ${Math.abs(percent)}%`}
        </span>{' '}
        on the previous {TREND_DAYS}
      </>
    );
  }
  return (
    <p className="metric-trend">
      {describe(current)} in the last {TREND_DAYS} days{change && <>, {change}</>}
    </p>
  );
}

/** Numbers first: the figure is the largest thing on the card, its label small above it, its trend below. */
export function MetricCard({ title, value, trend, note }: { title: string; value: string; trend?: Trend; note?: string }) {
  return (
    <section className="card metric" aria-label={title}>
      <h2 className="metric-label">{title}</h2>
      <p className="metric-value">{value}</p>
      {trend && <TrendLine {...trend} />}
      {note && <p className="metric-trend">{note}</p>}
    </section>
  );
}
