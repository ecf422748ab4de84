/** Query keys of the knowledge feature (actors, malware, techniques, campaigns…), general to specific. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  object: (stixId: string) => [...knowledgeKeys.all, 'object', stixId] as const,
  relations: (stixId: string) => [...knowledgeKeys.all, 'relations', stixId] as const,
};
