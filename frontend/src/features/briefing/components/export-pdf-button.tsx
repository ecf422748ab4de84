/**
 * One click, one PDF. The PDF code (jsPDF and our layout) is fetched on the first click only, so the
 * page itself stays small; a failure is said in words beside the button.
 */
import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFileDown } from 'react-icons/lu';
import type { BriefingDocument } from '@/features/briefing/utils/briefing-document';

interface ExportPdfButtonProps {
  /** Built at click time, so the generation time is the moment of export. */
  document: (() => BriefingDocument) | null;
}

export function ExportPdfButton({ document }: ExportPdfButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exportPdf = async () => {
    if (!document) return;
    setBusy(true);
    setError(null);
    try {
      const { downloadBriefingPdf } = await import('@/features/briefing/pdf/download-briefing-pdf');
      downloadBriefingPdf(document());
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Button
        size="sm"
        onClick={() => void exportPdf()}
        disabled={!document}
        loading={busy}
        loadingText="Preparing PDF…"
      >
        <LuFileDown aria-hidden="true" /> Export PDF
      </Button>
      {error && (
        <Text role="alert" fontSize="sm" color="fg.error">
          The PDF could not be created: {error}
        </Text>
      )}
    </Flex>
  );
}
