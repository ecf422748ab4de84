/**
 * The platform's second gate (SPEC §2, §3): needs only a user. Its clearance (secret for an authorized
 * admin, public otherwise) is local to it and marked on the wrapper for diagnostics.
 */
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { publicPaths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

export type ClearanceLevel = 'public' | 'secret';

export function SecurityClearanceGuard({ children }: { children: ReactNode }) {
  const { user, loading, adminValidation } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenLoader label="Verifying security clearance..." />;
  if (!user) return <Navigate to={publicPaths.auth} replace state={{ from: location }} />;
  const clearance: ClearanceLevel = adminValidation?.authorized ? 'secret' : 'public';
  return (
    <Box display="contents" data-clearance={clearance}>
      {children}
    </Box>
  );
}
