/**
 * The contact form. The server validates and rate-limits (5 messages an hour per address); this form
 * checks the same rules first so most mistakes are explained without a round trip, and keeps what was
 * typed whenever a message is refused.
 */
import { Alert, Button, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@/lib/format/format';
import {
  CONTACT_TOPICS,
  useSubmitContactMessage,
  type ContactMessage,
} from '@/features/public-site/api/submit-contact-message';
import {
  contactProblems,
  MESSAGE_MAX,
  type ContactProblems,
} from '@/features/public-site/utils/contact-rules';

const empty: ContactMessage = { name: '', email: '', topic: '', message: '' };

export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(empty);
  const [problems, setProblems] = useState<ContactProblems>({});
  const submit = useSubmitContactMessage();
  const set = (field: keyof ContactMessage) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    submit.mutate(values, {
      onSuccess: () => setValues((current) => ({ ...current, topic: '', message: '' })),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact the administrators">
      <Stack gap="4" maxW="xl">
        {submit.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{submit.error.message}</Alert.Title>
          </Alert.Root>
        )}
        {submit.isSuccess && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>
              Thank you. Your message was received on {formatDateTime(submit.data.received_at)}; an
              administrator will answer by email.
            </Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required invalid={problems.name !== undefined}>
          <Field.Label>Your name</Field.Label>
          <Input
            name="name"
            maxLength={200}
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
          <Field.ErrorText>{problems.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problems.email !== undefined}>
          <Field.Label>Email for the answer</Field.Label>
          <Input
            name="email"
            type="email"
            maxLength={254}
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <Field.ErrorText>{problems.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problems.topic !== undefined}>
          <Field.Label>Topic</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="topic"
              value={values.topic}
              onChange={(e) => set('topic')(e.target.value)}
            >
              <option value="">Choose a topic</option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic.value} value={topic.value}>
                  {topic.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{problems.topic}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problems.message !== undefined}>
          <Field.Label>Message</Field.Label>
          <Textarea
            name="message"
            rows={6}
            maxLength={MESSAGE_MAX}
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
          />
          <Field.HelperText>
            {values.message.trim().length} of {MESSAGE_MAX.toLocaleString()} characters (at least 10).
          </Field.HelperText>
          <Field.ErrorText>{problems.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" alignSelf="start" loading={submit.isPending} loadingText="Sending">
          Send message
        </Button>
      </Stack>
    </form>
  );
}
