import { formatIndianNumber, type Paged } from '@portal/contracts';
import { Button } from './Button';

/** Where a paged list stands ("51–100 of 230"), with the way to the pages before and after. */
export function Pager({ paged, onPage, label }: { paged: Paged; onPage: (page: number) => void; label: string }) {
  const { total, page, limit } = paged;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="pager" aria-label={label}>
      <span>
        {formatIndianNumber(first)}–{formatIndianNumber(last)} of {formatIndianNumber(total)}
      </span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="secondary" disabled={last >= total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
