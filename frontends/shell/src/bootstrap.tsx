import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@portal/ui';
import { App } from './app/App';
import './styles.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
