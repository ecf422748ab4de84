/** /contact: who reads messages, then the form that stores one for the administrators. */
import { Heading, Stack } from '@chakra-ui/react';
import { ContactForm } from '@/features/public-site/components/contact-form';
import { ContentSections } from '@/features/public-site/components/content-sections';
import { contactSections } from '@/features/public-site/content/contact';

export function ContactBody() {
  return (
    <Stack gap="8">
      <ContentSections sections={contactSections} />
      <Stack as="section" gap="4" aria-labelledby="contact-form-heading">
        <Heading as="h2" size="lg" id="contact-form-heading">
          Send a message
        </Heading>
        <ContactForm />
      </Stack>
    </Stack>
  );
}
