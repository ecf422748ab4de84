/**
 * Security-sensitive forms have autocomplete off (SPEC §5). Spread the props on the form (and the input
 * props on its fields); the guard also enforces it on any form marked `data-security-sensitive`, so a
 * field added later or rendered by a library cannot opt back in.
 *
 *   <form {...securitySensitiveFormProps} onSubmit={...}>
 */

export const SECURITY_SENSITIVE_ATTRIBUTE = 'data-security-sensitive';

export const securitySensitiveFormProps = {
  autoComplete: 'off',
  [SECURITY_SENSITIVE_ATTRIBUTE]: 'true',
} as const;

export const securitySensitiveInputProps = {
  autoComplete: 'off',
  autoCorrect: 'off',
  autoCapitalize: 'off',
  spellCheck: false,
} as const;

const FORM_SELECTOR = `form[${SECURITY_SENSITIVE_ATTRIBUTE}]`;

function enforce(form: HTMLFormElement): void {
  form.setAttribute('autocomplete', 'off');
  for (const field of form.querySelectorAll('input, textarea, select'))
    field.setAttribute('autocomplete', 'off');
}

/** Enforces autocomplete off on marked forms now and whenever one of their fields gets focus. */
export function watchSecuritySensitiveForms(root: Document = document): () => void {
  root.querySelectorAll<HTMLFormElement>(FORM_SELECTOR).forEach(enforce);
  const onFocusIn = (event: Event) => {
    const form =
      event.target instanceof Element ? event.target.closest<HTMLFormElement>(FORM_SELECTOR) : null;
    if (form) enforce(form);
  };
  root.addEventListener('focusin', onFocusIn, true);
  return () => root.removeEventListener('focusin', onFocusIn, true);
}
