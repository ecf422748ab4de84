/** Downloads a STIX 2.1 bundle of a selection or an entity (with its relationships and markings). */
import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadText } from '@/components/data-table/csv-export';
import { STIX_MEDIA_TYPE, stixBundle, type StixSelection } from '@/lib/intel/stix-export';

interface StixDownloadButtonProps {
  label: string;
  fileName: string;
  selection: () => StixSelection;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}

export function StixDownloadButton({
  label,
  fileName,
  selection,
  disabled,
  size = 'sm',
}: StixDownloadButtonProps) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const run = async () => {
    setState({ busy: true });
    try {
      const { text } = await stixBundle(selection());
      downloadText(`${fileName}-${new Date().toISOString().slice(0, 10)}.json`, text, STIX_MEDIA_TYPE);
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error: (error as Error).message });
    }
  };
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Button
        size={size}
        variant="outline"
        disabled={disabled}
        loading={state.busy}
        onClick={() => void run()}
      >
        <LuDownload aria-hidden="true" />
        {label}
      </Button>
      {state.error && (
        <Text role="alert" fontSize="sm" color="fg.error">
          The STIX bundle could not be built: {state.error}
        </Text>
      )}
    </Flex>
  );
}
