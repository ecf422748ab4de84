/**
 * "New object" (the authoring dialog for a new actor, malware, tool, campaign or report) and "From
 * text" (a pasted report to a reviewed draft of indicators and known entities).
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFileText, LuPlus } from 'react-icons/lu';
import { IntelObjectDialog } from './intel-object-dialog';
import { TextToKnowledgeDialog } from './text-to-knowledge-dialog';

export function NewObjectButton({ onCreated }: { onCreated: (stixId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [fromText, setFromText] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setFromText(true)}>
        <LuFileText aria-hidden="true" />
        From text
      </Button>
      <Button size="sm" onClick={() => setOpen(true)}>
        <LuPlus aria-hidden="true" />
        New object
      </Button>
      {open && (
        <IntelObjectDialog
          onClose={() => setOpen(false)}
          onSaved={(stixId) => {
            setOpen(false);
            onCreated(stixId);
          }}
        />
      )}
      {fromText && <TextToKnowledgeDialog onClose={() => setFromText(false)} />}
    </>
  );
}
