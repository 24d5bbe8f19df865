import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetLoaded } from '@/lib/use-load';
import { fakeChatConnections } from './fake-chat';

// No real socket in component tests: the chat connects through a fake that tests drive.
vi.mock('@/features/chat/api/chat-connection', () => import('./fake-chat'));

afterEach(() => {
  cleanup();
  // Server-side tests (`@vitest-environment node`) have no window.
  if (typeof window !== 'undefined') window.localStorage.clear();
  fakeChatConnections.length = 0;
  forgetLoaded();
});
