import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '@portal/ui';
import { Where } from '../../ui/test/where';

/** A page inside the router and the real auth provider, at `path`. */
export function renderPage(page: ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider pathname={path}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {page}
                <Where />
              </>
            }
          />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}
