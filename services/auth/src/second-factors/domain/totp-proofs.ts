import { SECOND_FACTOR_MESSAGES, type TotpEnrolment } from '@portal/contracts';
import { badRequest, conflict } from '@portal/platform/errors';
import type { GuessLimit, SecondFactorState, SecondFactorStore } from '../../shared/ports';
import type { Authenticator, RecoveryCodes, SecretBox } from './ports';

/** The authenticator's code and the recovery codes, the same for an admin and a practitioner. */
export interface TotpProofDeps {
  authenticator: Authenticator;
  box: SecretBox;
  recoveryCodes: RecoveryCodes;
  /** Wrong codes per holder and per address, counted like passwords. */
  codeGuesses: GuessLimit;
  now: () => Date;
}

export type Proof = { code: string } | { recoveryCode: string };

type Holder = SecondFactorState & { id: string };

/** A fresh secret, kept sealed until a code from it proves the app has it. */
export async function beginTotp(deps: TotpProofDeps, store: SecondFactorStore, holder: Holder, label: string): Promise<TotpEnrolment> {
  if (holder.totp) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const secret = deps.authenticator.newSecret();
  await store.setPendingTotp(holder.id, deps.box.seal(secret));
  return deps.authenticator.enrolment(label, secret);
}

/** The enrolment's first code: the new recovery codes, or null for a wrong code (counted as a guess). */
export async function confirmTotp(
  deps: TotpProofDeps,
  store: SecondFactorStore,
  holder: Holder,
  code: string,
  ip: string,
): Promise<string[] | null> {
  if (holder.totp) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const pending = holder.pendingTotp;
  if (!pending) throw badRequest(SECOND_FACTOR_MESSAGES.notEnrolling);
  let step: number | null = null;
  await deps.codeGuesses.judge(ip, holder.id, async () => {
    step = await deps.authenticator.stepOf(deps.box.open(pending), code, { now: deps.now() });
    return step !== null;
  });
  if (step === null) return null;
  const recoveryCodes = deps.recoveryCodes.generate();
  if (!(await store.confirmTotp(holder.id, pending, step, recoveryCodes.map(deps.recoveryCodes.hash)))) {
    throw conflict(SECOND_FACTOR_MESSAGES.notEnrolling);
  }
  return recoveryCodes;
}

/**
 * A code or a recovery code, judged as a guess: `{}` for a code, `{ left }` for a recovery code
 * (how many remain), null when wrong. A code's step is claimed in the same judgement that checks
 * it, so of two requests with one code only one passes, and the other counts as a wrong guess.
 */
export async function proveSecondFactor(
  deps: TotpProofDeps,
  store: SecondFactorStore,
  holder: Holder,
  proof: Proof,
  ip: string,
): Promise<{ left?: number } | null> {
  const totp = holder.totp;
  if (!totp) throw badRequest(SECOND_FACTOR_MESSAGES.notEnrolling);
  let outcome: { left?: number } | null = null;
  await deps.codeGuesses.judge(ip, holder.id, async () => {
    if ('recoveryCode' in proof) {
      const left = await store.useRecoveryCode(holder.id, deps.recoveryCodes.hash(proof.recoveryCode));
      outcome = left === null ? null : { left };
    } else {
      const step = await deps.authenticator.stepOf(deps.box.open(totp.sealedSecret), proof.code, { now: deps.now(), after: totp.lastStep });
      outcome = step !== null && (await store.useTotpStep(holder.id, step)) ? {} : null;
    }
    return outcome !== null;
  });
  return outcome;
}
