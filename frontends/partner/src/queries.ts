import type { ComponentType } from 'react';
import { createQueryClient, withQueries as withClient } from '@portal/ui/queries';

/** The partner remote's query cache: a dealer acts on what is true now, so each view asks again when it opens. */
export const queryClient = createQueryClient({ staleTime: 0 });
export const withQueries = (Page: ComponentType) => withClient(queryClient, Page);
