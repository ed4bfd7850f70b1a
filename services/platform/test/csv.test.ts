import { csvInstant, csvLine } from '@portal/platform';

describe('CSV cells', () => {
  it('when text starts as a formula would, then it is guarded; a number, negative or not, is written as the number it is', () => {
    expect(csvLine(['=HYPERLINK("x")', '-2+3', '@SUM(A1)', 'Iyer & Associates'])).toBe(
      `"'=HYPERLINK(""x"")",'-2+3,'@SUM(A1),Iyer & Associates\r\n`,
    );
    expect(csvLine([-84.75, { csvNumber: '-423.73' }, { csvNumber: '0.00' }, 18])).toBe('-84.75,-423.73,0.00,18\r\n');
  });
});

describe('CSV moments', () => {
  it('when a cell holds a moment at 00:30 in India, then it is written on India’s clock with its offset; none is empty', () => {
    const halfPastMidnight = '2028-01-22T19:00:00.000Z';
    expect(csvLine([new Date(halfPastMidnight), csvInstant(halfPastMidnight), csvInstant(null)])).toBe(
      '2028-01-23T00:30:00+05:30,2028-01-23T00:30:00+05:30,\r\n',
    );
  });
});
