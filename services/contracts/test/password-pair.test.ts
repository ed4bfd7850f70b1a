import { MESSAGES, newPasswordPairProblem } from '../src';

describe('a new password typed twice (newPasswordPairProblem)', () => {
  it.each([
    ['', '', MESSAGES.passwordRequired],
    ['short', 'short', MESSAGES.passwordTooShort],
    ['long enough 1', 'long enough 2', MESSAGES.passwordsDoNotMatch],
    ['long enough 1', 'long enough 1', ''],
  ])('when the password is "%s" and its confirmation "%s", then the problem is "%s"', (password, confirmation, problem) => {
    expect(newPasswordPairProblem(password, confirmation)).toBe(problem);
  });
});
