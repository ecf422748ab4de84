/**
 * Code that wraps anywhere: URLs, file paths and commands have no spaces to break at, and one of them
 * made a whole page scroll sideways on a 390 px phone.
 */
import { Code, type CodeProps } from '@chakra-ui/react';

export function WrappingCode(props: CodeProps) {
  return <Code overflowWrap="anywhere" {...props} />;
}
