import {
  asPaise,
  formatIndianNumber,
  formatInvoiceAmount,
  formatPaise,
  formatRupees,
  NO_PAISE,
  paiseLeft,
  paiseOf,
  rupeesOf,
  sumPaise,
  type Paise,
} from '../src/money';

describe('amounts in paise', () => {
  it('when rupees a person wrote become paise, then they round to the nearest paisa, floating error and all', () => {
    expect(paiseOf(499.5)).toBe(49_950);
    expect(paiseOf(0.1 + 0.2)).toBe(30);
    expect(paiseOf(0.01)).toBe(1);
    expect(paiseOf(1_00_000)).toBe(1_00_00_000);
  });

  it('when a count is not a whole number of paise, then it is refused rather than rounded', () => {
    expect(asPaise(1)).toBe(1);
    expect(asPaise(-250)).toBe(-250);
    expect(() => asPaise(10.5)).toThrow(RangeError);
    expect(() => asPaise(Number.NaN)).toThrow(RangeError);
    expect(() => asPaise(2 ** 53)).toThrow(RangeError);
  });

  it('when amounts are summed or taken away, then the result is exact paise, below nothing when more is taken', () => {
    expect(sumPaise([asPaise(1), asPaise(2), asPaise(3)])).toBe(6);
    expect(sumPaise([])).toBe(NO_PAISE);
    expect(paiseLeft(asPaise(100_00), asPaise(33_33), asPaise(1))).toBe(66_66);
    expect(paiseLeft(asPaise(1), asPaise(2))).toBe(-1);
  });

  it('when paise leave for a person, then they read as Indian rupees, with paise only when there are some', () => {
    expect(rupeesOf(asPaise(1))).toBe(0.01);
    expect(formatPaise(asPaise(1_00_000_00))).toBe('₹1,00,000');
    expect(formatPaise(asPaise(499_50))).toBe('₹499.50');
  });

  it('when amounts are written out, then they read exactly as Intl’s en-IN formatting would write them, at every grouping edge', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const twoDecimals = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const edges = [
      0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 1_00_000, 9_99_999, 10_00_000, 1_00_00_000, 12_34_56_789,
      9_007_199_254_740_991,
    ];
    for (const count of [...edges, ...edges.slice(1).map((edge) => -edge)]) {
      expect(formatIndianNumber(count)).toBe(whole.format(count));
      expect(formatRupees(count)).toBe(`₹${whole.format(count)}`);
    }
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let draw = 0; draw < 5_000; draw++) {
      const paise = asPaise((next() % 2_000_000_000) - 100_000_000);
      const rupees = rupeesOf(paise);
      const expected = Number.isInteger(rupees) ? whole.format(rupees) : twoDecimals.format(rupees);
      expect(formatPaise(paise)).toBe(`₹${expected}`);
      expect(formatInvoiceAmount(paise)).toBe(`₹${twoDecimals.format(rupees)}`);
    }
    expect(formatPaise(asPaise(1))).toBe('₹0.01');
    expect(formatPaise(asPaise(-50))).toBe('₹-0.50');
    expect(formatInvoiceAmount(asPaise(1_23_45_678_90))).toBe('₹1,23,45,678.90');
    expect(formatInvoiceAmount(NO_PAISE)).toBe('₹0.00');
  });

  it('when a plain number is given where paise are meant, then the type checker refuses it (npm run typecheck)', () => {
    // @ts-expect-error a count of rupees is not paise until paiseOf says so
    const rupees: Paise = 500;
    expect(formatPaise(paiseOf(rupees))).toBe('₹500');
  });
});
