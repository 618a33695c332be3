import { useEffect, useState } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { clients } from './session';

/**
 * The posts published with this one from one draft as several Personas, this one among them (`GET
 * /api/posts/{guid}/copies`); none for a post published alone, none asked for without a GUID, and none
 * where the instance cannot say (an older one, or offline).
 */
export function useCopies(guid: string | null): RemotePost[] {
  const [copies, setCopies] = useState<RemotePost[]>([]);
  useEffect(() => {
    if (guid === null) return;
    let current = true;
    clients()
      .desk.copies(guid)
      .then((found) => current && setCopies(found))
      .catch(() => current && setCopies([]));
    return () => {
      current = false;
    };
  }, [guid]);
  return guid === null ? [] : copies;
}
