import { useAuth, useNavigate } from '@portal/ui';

/** Signs out and opens the landing page, which shows `message` (an account deleted, every session ended). */
export function useSignOutWith() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async (message: string) => {
    await signOut();
    navigate('/', { replace: true, state: { message } });
  };
}
