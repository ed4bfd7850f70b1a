import type { ComponentType } from 'react';
import { createQueryClient, withQueries as withClient } from '@portal/ui/queries';

/** The portal remote's query cache, shared by its pages. */
// A page opened again within 30 seconds shows what it had without asking again.
export const queryClient = createQueryClient({ staleTime: 30_000 });
export const withQueries = (Page: ComponentType) => withClient(queryClient, Page);
