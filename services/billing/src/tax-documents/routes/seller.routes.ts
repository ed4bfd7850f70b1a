import { Router } from 'express';
import type { SellerDetails } from '@portal/contracts';

/** The seller's details for the public contact and policy pages; the same for everyone, so shared caches may keep them. */
export function sellerRoutes(seller: SellerDetails): Router {
  const router = Router();
  router.get('/api/seller', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(seller);
  });
  return router;
}
