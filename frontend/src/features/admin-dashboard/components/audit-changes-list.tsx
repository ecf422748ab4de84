/**
 * An audit row's change as old → new lines. The trail records our own administration (users' e-mails,
 * settings, source addresses), so it is shown inert but not defanged.
 */
import { Stack, Text } from '@chakra-ui/react';
import { InertText } from '@/lib/security/inert-text';
import { auditChangeLines } from '@/features/admin-dashboard/utils/audit-changes';

export function AuditChanges({ details }: { details: unknown }) {
  const lines = auditChangeLines(details);
  if (lines.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <Stack as="ul" gap="0" listStyleType="none" ps="0" m="0" fontSize="sm">
      {lines.slice(0, 6).map((line) => (
        <li key={line.field}>
          <InertText value={`${line.field}: ${line.text}`} maxLength={200} defangLinks={false} />
        </li>
      ))}
      {lines.length > 6 && <li>… {lines.length - 6} more</li>}
    </Stack>
  );
}
