import { feedbackBodySchema } from '../src/feedback';
import { profileUpdateBodySchema, registerBodySchema } from '../src/user';
import { currentPolicyVersions } from '../src/policies';

const RLO = '\u202E';

describe('names and messages without bidirectional controls (D8)', () => {
  it('when a name holds U+202E and its kin, then they are removed and the rest kept', () => {
    const registered = registerBodySchema.parse({
      firstName: `${RLO}Asha\u2066`,
      lastName: `Rao\u200F`,
      email: 'asha@example.in',
      password: 'secret12',
      acceptedPolicies: currentPolicyVersions(),
    });
    expect([registered.firstName, registered.lastName]).toEqual(['Asha', 'Rao']);
  });

  it('when a name is nothing but controls, then it counts as empty', () => {
    expect(profileUpdateBodySchema.safeParse({ firstName: `${RLO}\u202C` }).error?.issues[0]?.message).toBe('First name is required');
  });

  it('when feedback holds them, then the message is stored without them; other languages stay as written', () => {
    const feedback = feedbackBodySchema.parse({ type: 'bug', component: 'general', message: `${RLO}कर गणना गलत है` });
    expect(feedback.message).toBe('कर गणना गलत है');
  });
});
