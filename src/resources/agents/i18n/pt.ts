import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The agents list's words and its menu entry's, in Portuguese: found by their place and merged
 * into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        agents: 'Agentes',
    },
    agents: {
        title: 'Agentes',
        count: '%{smart_count} agente |||| %{smart_count} agentes',
        no_location: 'Não definida',
        fields: {
            name: 'Nome',
            username: 'Nome de utilizador',
            msisdn: 'Número de telefone',
            group: 'Grupo',
            store: 'Loja',
            tier: 'Nível',
            location: 'Localização',
            actions: 'Ações',
            q: 'Pesquisar',
        },
        awaiting_approval_note: 'Disponível depois de o registo ser aprovado',
        set_tier: 'Definir nível',
        set_tier_of: 'Definir nível: %{name}',
        tier_saved: '%{name}: %{tier}',
    },
} satisfies TranslationOf<typeof en>;

export default pt;
