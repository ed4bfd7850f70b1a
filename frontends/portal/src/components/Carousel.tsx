import { useEffect, useState } from 'react';
import { SCREENS, Screenshot } from './Screenshot';

export const CAROUSEL_INTERVAL_MS = 5000;

/** Six screens, advancing every 5 seconds (behaviour.md §9), with previous/next buttons and dots. */
export function Carousel() {
  const [index, setIndex] = useState(0);
  const count = SCREENS.length;
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, index]);
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Screens of the desktop app">
      <div className="carousel-slide" aria-live="polite">
        <Screenshot index={index} />
        <p className="muted">
          {index + 1} of {count}: {SCREENS[index]!.title}
        </p>
      </div>
      <div className="row carousel-controls">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setIndex((index - 1 + count) % count)}
          aria-label="Previous screen"
        >
          ‹ Previous
        </button>
        <div className="dots">
          {SCREENS.map((screen, dot) => (
            <button
              key={screen.id}
              type="button"
              className={dot === index ? 'dot active' : 'dot'}
              aria-label={`Show ${screen.title}`}
              aria-current={dot === index}
              onClick={() => setIndex(dot)}
            />
          ))}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setIndex((index + 1) % count)} aria-label="Next screen">
          Next ›
        </button>
      </div>
    </section>
  );
}
