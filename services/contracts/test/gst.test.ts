import { GST_STATES, GSTIN_MESSAGES, gstinCheckCharacter, gstinProblem } from '../src/gst';

describe('GSTIN', () => {
  // Worked by hand: the weighted values of 27AAPFU0939F1Z add up to 221; 221 mod 36 = 5; 36 - 5 = 31, which is V.
  const VALID = '27AAPFU0939F1ZV';

  it('when a GSTIN is well-formed and its check character matches, then it is valid, typed in any case', () => {
    expect(gstinCheckCharacter(VALID.slice(0, 14))).toBe('V');
    expect(gstinProblem(VALID)).toBeNull();
    expect(gstinProblem(` ${VALID.toLowerCase()} `)).toBeNull();
    expect(gstinProblem(VALID, '27')).toBeNull();
  });

  it.each([
    ['one character mistyped', '27AAPFU0939F1ZW'],
    ['two neighbours swapped', '27AAPFU9039F1ZV'],
    ['a PAN digit changed', '27AAPFU0938F1ZV'],
  ])('when %s, then the check character says so', (_, gstin) => {
    expect(gstinProblem(gstin)).toBe(GSTIN_MESSAGES.checkCharacter);
  });

  it.each(['', '27AAPFU0939F1Z', '27AAPFU0939F1ZVX', '2AAAPFU0939F1ZV', '27AAPF10939F1ZV', '27AAPFU0939F0ZV', '27AAPFU0939F1YV'])(
    'when the shape is wrong (%p), then the format message',
    (gstin) => {
      expect(gstinProblem(gstin)).toBe(GSTIN_MESSAGES.format);
    },
  );

  it('when the state code is retired or the chosen state differs, then the state is named', () => {
    const retired = `25AAPFU0939F1Z`;
    expect(gstinProblem(retired + gstinCheckCharacter(retired))).toBe(GSTIN_MESSAGES.unknownState);
    expect(gstinProblem(VALID, '29')).toBe('This GSTIN is registered in another state than Karnataka');
  });

  it('when the states are listed, then each code is two digits and appears once', () => {
    const codes = GST_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
    expect(GST_STATES.find((state) => state.code === '27')?.name).toBe('Maharashtra');
  });
});
