import { asPaise, type Paise } from '@portal/contracts';
import { indianNumberInWords, rupeesInWords } from '../src/tax-documents/domain/amount-in-words';
import { documentNumber, financialYearOf } from '../src/tax-documents/domain/financial-year';
import { splitInclusivePrice } from '../src/tax-documents/domain/gst-tax';

describe('the tax in a GST-inclusive price', () => {
  it('when ₹500 is paid at 18 %, then ₹423.73 is taxable and ₹76.27 is tax, split 38.14 + 38.13 within the state', () => {
    expect(splitInclusivePrice(asPaise(50_000), 18, false)).toEqual({ taxablePaise: 42_373, cgstPaise: 0, sgstPaise: 0, igstPaise: 7_627 });
    expect(splitInclusivePrice(asPaise(50_000), 18, true)).toEqual({
      taxablePaise: 42_373,
      cgstPaise: 3_814,
      sgstPaise: 3_813,
      igstPaise: 0,
    });
  });

  it('when any amount from 1 paisa to ₹1,00,000 is split, then taxable value and taxes add up to it exactly, both ways', () => {
    const amounts = [1, 2, 17, 99, 118, 100_00, 480_000, 9_600_000, 10_000_000];
    for (let paise = 1; paise <= 10_000_000; paise += 9_973) amounts.push(paise);
    for (const total of amounts) {
      for (const sameState of [true, false]) {
        const split = splitInclusivePrice(asPaise(total), 18, sameState);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(total);
        expect(split.taxablePaise).toBe(Math.round((total * 100) / 118));
        expect(Math.abs(split.cgstPaise - split.sgstPaise)).toBeLessThanOrEqual(1);
        if (!sameState) expect(split.cgstPaise + split.sgstPaise).toBe(0);
      }
    }
  });

  it('when the rate is 0 %, then nothing is tax; a fraction of a paisa or a negative amount is refused', () => {
    expect(splitInclusivePrice(asPaise(12_345), 0, true)).toEqual({ taxablePaise: 12_345, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(() => splitInclusivePrice(10.5 as Paise, 18, true)).toThrow(RangeError);
    expect(() => splitInclusivePrice(-1 as Paise, 18, true)).toThrow(RangeError);
  });
});

describe('amounts in words, the Indian way', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [40, 'Forty'],
    [115, 'One Hundred Fifteen'],
    [1_000, 'One Thousand'],
    [1_00_000, 'One Lakh'],
    [12_00_005, 'Twelve Lakh Five'],
    [1_20_05_300, 'One Crore Twenty Lakh Five Thousand Three Hundred'],
    [99_99_99_999, 'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [100_00_00_000, 'One Hundred Crore'],
  ])('when %i is written out, then it reads "%s"', (n, words) => {
    expect(indianNumberInWords(n)).toBe(words);
  });

  it('when rupees and paise are written out, then both are named and "Only" ends it', () => {
    expect(rupeesInWords(asPaise(1_234_50))).toBe('Rupees One Thousand Two Hundred Thirty Four and Fifty Paise Only');
    expect(rupeesInWords(asPaise(4_800_00))).toBe('Rupees Four Thousand Eight Hundred Only');
    expect(rupeesInWords(asPaise(1))).toBe('Rupees Zero and One Paise Only');
  });
});

describe('the financial year, in Indian time', () => {
  it('when it is 23:59:59.999 on 31 March in India, then the year is still 2026-27; a millisecond later it is 2027-28', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toEqual({ startYear: 2026, label: '2026-27', code: '2627' });
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toEqual({ startYear: 2027, label: '2027-28', code: '2728' });
  });

  it('when it is January, then the year began the April before; 1999-2000 reads 9900', () => {
    expect(financialYearOf(new Date('2027-01-15T06:00:00Z')).label).toBe('2026-27');
    expect(financialYearOf(new Date('2000-02-01T06:00:00Z')).code).toBe('9900');
  });

  it('when a number is made, then it is prefix/year/sequence in at most 16 characters', () => {
    expect(documentNumber('TP', new Date('2026-11-23T06:00:00Z'), 42)).toBe('TP/2627/000042');
    expect(documentNumber('CN', new Date('2027-04-01T06:00:00Z'), 1)).toBe('CN/2728/000001');
    expect(() => documentNumber('TAXPORTAL', new Date('2026-11-23T06:00:00Z'), 1)).toThrow(/longer than 16/);
    expect(() => documentNumber('TP', new Date(), 0)).toThrow(RangeError);
  });
});
