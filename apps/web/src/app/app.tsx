import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { GlobalLoading } from './global-loading';
import { Providers } from './providers';
import { createAppRouter } from './router';
import './app.css';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
      <GlobalLoading />
    </Providers>
  );
}
