import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, type AuthResponse } from '@portal/contracts';
import { api, Banner, Button, errorMessage, TextField, useAuth } from '@portal/ui';
import '../components/portal.css';

const REMEMBERED_EMAIL = 'rememberedEmail';

export default function Login() {
  const { signIn } = useAuth();
  const [email, setEmail] = useState(() => localStorage.getItem(REMEMBERED_EMAIL) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_EMAIL) !== null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(MESSAGES.emailRequired);
    if (!password) return setError(MESSAGES.passwordRequired);
    setBusy(true);
    setError('');
    try {
      const { data } = await api.post<AuthResponse>('/api/auth/login', { email, password });
      if (remember) localStorage.setItem(REMEMBERED_EMAIL, email.trim());
      else localStorage.removeItem(REMEMBERED_EMAIL);
      await signIn(data.token, data.user, '/dashboard');
    } catch (failure) {
      setError(errorMessage(failure, 'Login failed. Please check your credentials.'));
      setBusy(false);
    }
  }

  return (
    <div className="card auth-card">
      <h1>Sign in</h1>
      {error && <Banner kind="error">{error}</Banner>}
      <form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" disabled={busy} style={{ width: '100%' }}>
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <p className="muted">
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </div>
  );
}
