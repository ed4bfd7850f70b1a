import { Router } from 'express';
import { phoneSignInCodeBody, phoneSignInVerifyBody } from '@portal/contracts/internal';
import { requireService, validate } from '@portal/platform';
import type { phoneSignInUseCases } from '../domain/phone-sign-in.use-cases';

/** Auth's sign-in by mobile code: a code sent to a verified number (202), and its check (the person's id). */
export function phoneSignInRoutes(signIn: ReturnType<typeof phoneSignInUseCases>, serviceSecret: string): Router {
  const router = Router();
  const auth = requireService(serviceSecret, ['auth']);
  router.post('/internal/phone-sign-in/codes', auth, validate('body', phoneSignInCodeBody), async (req, res) => {
    await signIn.sendCode(req.body.mobile);
    res.status(202).json({ sent: true });
  });
  router.post('/internal/phone-sign-in/verify', auth, validate('body', phoneSignInVerifyBody), async (req, res) => {
    res.json(await signIn.signIn(req.body.mobile, req.body.code));
  });
  return router;
}
