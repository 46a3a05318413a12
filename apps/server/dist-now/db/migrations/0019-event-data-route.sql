-- Issue 21 item 3: a `DDR` event stored its planned trip as `data.route` = a number, while every
-- answer (spec §3) carries it as a string, so the alert list failed once one existed. The route
-- detector now writes a string; this converts the rows written before, events and notifications.
UPDATE events
SET data = jsonb_set(data, '{route}', to_jsonb(data ->> 'route'))
WHERE jsonb_typeof(data -> 'route') = 'number';

UPDATE notifications
SET data = jsonb_set(data, '{route}', to_jsonb(data ->> 'route'))
WHERE jsonb_typeof(data -> 'route') = 'number';
