/** Marks a task done, or not done again (`complete_case_task`). */
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';

export async function completeCaseTask({ taskId, done }: { taskId: number; done: boolean }) {
  const { error } = await supabase().rpc('complete_case_task', { _task_id: taskId, _done: done });
  refusal(error);
}

export const useCompleteCaseTask = () => useCaseMutation(completeCaseTask);
