// Rebuild Read Models: replay the event log into fresh read models, after a confirmation.
import { Button, Card, toast } from '@studio/kit';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { useMutation } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { useState } from 'react';
import { rebuildReadModels } from '../api/admin';
import { toastFailure } from '../api/error-text';
import { ADMIN, TOASTS } from '../texts';
import { RunOutcome } from './RunOutcome';

export function RebuildReadModelsTab() {
  const [open, setOpen] = useState(false);
  const rebuild = useMutation({
    mutationFn: rebuildReadModels,
    onSuccess: (reply) =>
      toast({
        title: TOASTS.rebuildComplete,
        description: ADMIN.rebuild.result(reply.message, reply.ms),
        variant: 'success',
      }),
    onError: (error) => toastFailure(TOASTS.rebuildFailed, error, TOASTS.genericFailed.description),
  });

  return (
    <Card>
      <p>{ADMIN.rebuild.text}</p>
      <div>
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={ADMIN.rebuild.confirmTitle}
          description={ADMIN.rebuild.confirmText}
          trigger={
            <Button variant="destructive" disabled={rebuild.isPending}>
              <DatabaseZap aria-hidden />
              {rebuild.isPending ? ADMIN.rebuild.running : ADMIN.rebuild.button}
            </Button>
          }
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline">{ADMIN.rebuild.cancel}</Button>
              </DialogClose>
              <Button
                variant="destructive"
                onClick={() => {
                  setOpen(false);
                  rebuild.mutate();
                }}
              >
                {ADMIN.rebuild.confirm}
              </Button>
            </>
          }
        />
      </div>
      <RunOutcome
        run={rebuild}
        doneTitle={TOASTS.rebuildComplete}
        failedTitle={TOASTS.rebuildFailed}
        done={(reply) => ADMIN.rebuild.result(reply.message, reply.ms)}
      />
    </Card>
  );
}
