import { ComplianceTable } from '@/features/public-site/components/compliance-table';

export function ComplianceCenterBody() {
  return <ComplianceTable />;
}
