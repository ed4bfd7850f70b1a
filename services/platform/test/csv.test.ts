import { csvLine } from '@portal/platform';

describe('CSV cells', () => {
  it('when text starts as a formula would, then it is guarded; a number, negative or not, is written as the number it is', () => {
    expect(csvLine(['=HYPERLINK("x")', '-2+3', '@SUM(A1)', 'Iyer & Associates'])).toBe(
      `"'=HYPERLINK(""x"")",'-2+3,'@SUM(A1),Iyer & Associates\r\n`,
    );
    expect(csvLine([-84.75, { csvNumber: '-423.73' }, { csvNumber: '0.00' }, 18])).toBe('-84.75,-423.73,0.00,18\r\n');
  });
});
