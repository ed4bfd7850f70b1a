import type { ComponentType } from 'react';
import { createQueryClient, withQueries as withClient } from '@portal/ui/queries';

/** The admin remote's query cache, shared by its tabs and dialogs. */
// Every tab asks again when it opens (showing what it had meanwhile): an operator acts on the
// latest figures, and a session that ended is noticed at the next tab, not after a delay.
export const queryClient = createQueryClient({ staleTime: 0 });
export const withQueries = (Page: ComponentType) => withClient(queryClient, Page);
