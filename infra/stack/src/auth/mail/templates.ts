/**
 * Auth's mails: GoTrue's default subjects and bodies (internal/mailer/template.go defaults, which the
 * CLI's `[auth.email.template.<type>]` overrides with `subject` and `content_path`). Templates use
 * Go template variables; the ones GoTrue documents are filled in, HTML-escaped as Go's html/template
 * does: {{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .RedirectTo }},
 * {{ .Email }}, {{ .NewEmail }}. Reference: https://supabase.com/docs/guides/auth/auth-email-templates
 */
import type { EmailTemplate, EmailTemplateType } from '../../config/mail-config.js';

export interface TemplateVariables {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  NewEmail: string;
}

interface DefaultTemplate {
  subject: string;
  html: string;
}

const code = '<p>Alternatively, enter the code: {{ .Token }}</p>';

export const DEFAULT_TEMPLATES: Record<EmailTemplateType, DefaultTemplate> = {
  confirmation: {
    subject: 'Confirm Your Email',
    html: `<h2>Confirm your email</h2><p>Follow this link to confirm your email:</p><p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>${code}`,
  },
  invite: {
    subject: 'You have been invited',
    html: `<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>${code}`,
  },
  recovery: {
    subject: 'Reset Your Password',
    html: `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>${code}`,
  },
  magic_link: {
    subject: 'Your Magic Link',
    html: `<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p>${code}`,
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: `<h2>Confirm Change of Email</h2><p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change Email</a></p>${code}`,
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    html: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>',
  },
};

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!,
  );
}

/** Fills `{{ .Name }}` (any spacing); an unknown name is left as written, so a typo shows in the mail. */
export function fillTemplate(template: string, vars: TemplateVariables, escape = true): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (escape ? escapeHtml : String)(vars[name as keyof TemplateVariables]) : whole,
  );
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The plain-text part: what a reader needs (the link and the code), without the markup. */
function textPart(type: EmailTemplateType, vars: TemplateVariables): string {
  const lines = {
    confirmation: 'Follow this link to confirm your email:',
    invite: `You have been invited to create a user on ${vars.SiteURL}. Follow this link to accept the invite:`,
    recovery: 'Follow this link to reset the password for your user:',
    magic_link: 'Follow this link to login:',
    email_change: `Follow this link to confirm the update of your email from ${vars.Email} to ${vars.NewEmail}:`,
    reauthentication: '',
  }[type];
  return type === 'reauthentication'
    ? `Enter the code: ${vars.Token}\n`
    : `${lines}\n\n${vars.ConfirmationURL}\n\nAlternatively, enter the code: ${vars.Token}\n`;
}

export function renderMail(
  type: EmailTemplateType,
  vars: TemplateVariables,
  custom: EmailTemplate | undefined,
): RenderedMail {
  const fallback = DEFAULT_TEMPLATES[type];
  return {
    subject: fillTemplate(custom?.subject ?? fallback.subject, vars, false),
    html: fillTemplate(custom?.content ?? fallback.html, vars),
    text: textPart(type, vars),
  };
}
