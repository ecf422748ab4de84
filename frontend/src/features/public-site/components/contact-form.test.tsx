import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { ContactForm } from './contact-form';

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'cti-runtime-config';
  meta.content = JSON.stringify({
    supabaseUrl: 'http://127.0.0.1:54321',
    supabaseAnonKey: 'sb_publishable_test_key_0123456789',
  });
  document.head.append(meta);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="cti-runtime-config"]')?.remove();
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Your name/), 'Ann');
  await user.type(screen.getByLabelText(/Email for the answer/), 'ann@example.org');
  await user.selectOptions(screen.getByLabelText(/Topic/), 'security');
  await user.type(screen.getByLabelText(/^Message/), 'I found something odd.');
}

describe('ContactForm', () => {
  it('explains missing fields without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <AppProvider>
        <ContactForm />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please give your name (at most 200 characters).')).toBeInTheDocument();
    expect(screen.getByText('Please write a message of 10 to 5,000 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refusal in the server words and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({ code: 'PT429', message: 'You have sent 5 messages in the last hour.' }),
          {
            status: 429,
          },
        ),
      ),
    );
    const user = userEvent.setup();
    render(
      <AppProvider>
        <ContactForm />
      </AppProvider>,
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent 5 messages in the last hour.');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('I found something odd.');
    expect(screen.getByLabelText(/Topic/)).toHaveValue('security');
  });

  it('confirms a stored message and clears the message for the next one', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response(JSON.stringify([{ received_at: '2026-11-25T10:00:00Z' }]), { status: 200 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <AppProvider>
        <ContactForm />
      </AppProvider>,
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Your message was received');
    await waitFor(() => expect(screen.getByLabelText(/^Message/)).toHaveValue(''));
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
      _name: 'Ann',
      _email: 'ann@example.org',
      _topic: 'security',
      _message: 'I found something odd.',
    });
  });
});
