/** The users table: who, what they may do, whether their second factor is set up, and when they were last seen. */
import { Badge, Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatDateTime } from '@/lib/format/format';
import type { UserRow } from '@/features/users/api/list-users';
import { mfaText } from '@/features/users/utils/user-text';

export const userColumns: DataTableColumn<UserRow>[] = [
  {
    id: 'email',
    header: 'Email',
    width: 'minmax(14rem, 2fr)',
    required: true,
    cell: (row) => (
      <Text as="span" truncate>
        {row.email}
        {row.is_self ? ' (you)' : ''}
      </Text>
    ),
    csv: (row) => row.email,
  },
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(10rem, 1fr)',
    cell: (row) => (
      <Text as="span" truncate>
        {row.display_name}
      </Text>
    ),
    csv: (row) => row.display_name,
  },
  {
    id: 'role',
    header: 'Role',
    width: '8rem',
    cell: (row) => (
      <Badge size="sm" variant="subtle" colorPalette={row.role === 'admin' ? 'purple' : 'gray'}>
        {row.role === 'admin' ? 'Admin' : 'Analyst'}
      </Badge>
    ),
    csv: (row) => row.role,
  },
  {
    id: 'mfa',
    header: 'Two-factor',
    width: '10rem',
    // An admin without an active second factor cannot administer yet: a badge, in words and colour.
    cell: (row) =>
      row.role === 'admin' && row.mfa_status !== 'active' ? (
        <Badge size="sm" variant="subtle" colorPalette="orange">
          {mfaText(row)}
        </Badge>
      ) : (
        <Text as="span">{mfaText(row)}</Text>
      ),
    csv: (row) => mfaText(row),
  },
  {
    id: 'last_sign_in',
    header: 'Last sign-in',
    width: '11rem',
    cell: (row) => (
      <Text as="span" color={row.last_sign_in_at ? undefined : 'fg.muted'}>
        {formatDateTime(row.last_sign_in_at) ?? 'Never'}
      </Text>
    ),
    csv: (row) => row.last_sign_in_at,
  },
  {
    id: 'status',
    header: 'Status',
    width: '8rem',
    cell: (row) =>
      row.disabled ? (
        <Badge size="sm" colorPalette="red">
          Disabled
        </Badge>
      ) : (
        <Badge size="sm" colorPalette="green" variant="outline">
          Active
        </Badge>
      ),
    csv: (row) => (row.disabled ? 'disabled' : 'active'),
  },
];
