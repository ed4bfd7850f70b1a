const WIDTH = 360;
const HEIGHT = 120;

/**
 * A bar per day over the analytics window. Drawn as plain SVG: two small series do not justify
 * a charting library in the admin bundle. The table below it carries the same figures for
 * screen readers.
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
  const barWidth = points.length ? WIDTH / points.length : WIDTH;
  const active = points.filter((point) => point.value > 0);
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">
        {format(total)} in the last {points.length} days
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} role="img" aria-label={`${title}: ${format(total)} in total`}>
        {points.map((point, index) => {
          const height = (point.value / max) * (HEIGHT - 4);
          return (
            <rect
              key={point.date}
              x={index * barWidth}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - 1)}
              height={height}
              className="chart-bar"
            >
              <title>{`${point.date}: ${format(point.value)}`}</title>
            </rect>
          );
        })}
      </svg>
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
