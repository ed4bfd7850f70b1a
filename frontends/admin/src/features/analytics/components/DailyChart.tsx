import { formatDayOfMonth, istDateOf } from '@portal/contracts';

/**
 * A bar per day over the analytics window, oldest at the left and today at the right edge, with
 * the scale's top and bottom on the left, dates below and each day's figure on hover or focus.
 * Plain HTML and CSS: two small series do not justify a charting library in the admin bundle. The
 * list below it carries the same figures for screen readers.
 */
export function DailyChart({
  title,
  points,
  format,
}: {
  title: string;
  points: { date: string; value: number }[];
  format: (value: number) => string;
}) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const active = points.filter((point) => point.value > 0);
  const today = istDateOf(Date.now());
  const middle = points[Math.floor(points.length / 2)];
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">
        {format(total)} in the last {points.length} days
      </p>
      <figure className="chart" role="img" aria-label={`${title}: ${format(total)} in total`}>
        <div className="chart-y">
          <span>{format(max)}</span>
          <span>{format(0)}</span>
        </div>
        <div className="chart-plot">
          {points.map((point, index) => (
            <div
              key={point.date}
              // Tips open towards the middle, so the first and last days' stay inside the card.
              className={index < points.length / 2 ? 'chart-col chart-col-early' : 'chart-col'}
              data-tip={`${formatDayOfMonth(point.date)}: ${format(point.value)}`}
            >
              <div className="chart-bar" style={{ height: `${(point.value / max) * 100}%` }} />
            </div>
          ))}
        </div>
        <div className="chart-x">
          <span>{points[0] && formatDayOfMonth(points[0].date)}</span>
          <span>{middle && formatDayOfMonth(middle.date)}</span>
          <span>{points.at(-1)?.date === today ? 'Today' : points.at(-1) && formatDayOfMonth(points.at(-1)!.date)}</span>
        </div>
      </figure>
      <details>
        <summary>Days with activity ({active.length})</summary>
        <ul>
          {active.map((point) => (
            <li key={point.date}>
              {point.date}: {format(point.value)}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
